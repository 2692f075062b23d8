-- Prints one machine-readable line after the run: "latency-ms p50 p99 max".
done = function(summary, latency, requests)
  io.write(string.format("latency-ms %.3f %.3f %.3f\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
