print("ringd")
