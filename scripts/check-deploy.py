#!/usr/bin/env python3
"""Validates the deployment files without a Docker engine (none runs on our machines).

- docker-compose.yml parses as YAML and has the shape Compose needs (services with build/image, ports);
- the Dockerfile builds with the same `swift build` product as the README, exposes 8080, runs as a
  non-root user and has a HEALTHCHECK on /healthz.
Exits 1 with a message per problem.
"""
import pathlib
import re
import sys

import yaml

root = pathlib.Path(__file__).resolve().parent.parent
problems = []

compose = yaml.safe_load((root / "docker-compose.yml").read_text())
if not isinstance(compose, dict) or not isinstance(compose.get("services"), dict):
    problems.append("docker-compose.yml: no services mapping")
else:
    svc = compose["services"].get("ringd")
    if not isinstance(svc, dict):
        problems.append("docker-compose.yml: no ringd service")
    else:
        if "build" not in svc and "image" not in svc:
            problems.append("ringd service has neither build nor image")
        ports = [str(p) for p in svc.get("ports", [])]
        if not any(p.endswith(":8080") for p in ports):
            problems.append(f"ringd service does not publish container port 8080: {ports}")
        hc = svc.get("healthcheck", {}).get("test", [])
        if not any("/healthz" in str(t) for t in hc):
            problems.append("ringd service healthcheck does not hit /healthz")

docker = (root / "Dockerfile").read_text()
stages = re.findall(r"^FROM\s+\S+", docker, re.M)
if len(stages) < 2:
    problems.append("Dockerfile is not multi-stage")
if "swift build -c release" not in docker or "--product ringd" not in docker:
    problems.append("Dockerfile does not build the ringd product in release mode")
if not re.search(r"^USER\s+(?!root)\S+", docker, re.M):
    problems.append("Dockerfile does not switch to a non-root user")
if not re.search(r"^EXPOSE\s+8080", docker, re.M):
    problems.append("Dockerfile does not EXPOSE 8080")
if "HEALTHCHECK" not in docker or "/healthz" not in docker:
    problems.append("Dockerfile has no HEALTHCHECK on /healthz")

readme = (root / "README.md").read_text()
if "swift run ringd" not in "\n".join(readme.splitlines()[:30]):
    problems.append("README's opening lines do not show `swift run ringd`")

for p in problems:
    print("FAIL", p)
if problems:
    sys.exit(1)
print("ok   docker-compose.yml, Dockerfile and README opening are consistent")
