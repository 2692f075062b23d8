import RingSync

/// The series Prometheus' conventions expect of a service, beside ringd's own: request latency by route and
/// status class, the `process_*` figures client libraries export, build info, and the render queue's depth.
extension Metrics {
    /// The `status_class` label of a status code: `2xx` … `5xx` (anything else is `other`).
    static func statusClass(_ code: Int) -> String {
        (100...599).contains(code) ? "\(code / 100)xx" : "other"
    }

    /// The status classes counted, in order (index `code / 100 - 1`; `other` last).
    static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx", "other"]

    /// Records how long a request took from being handed to the application to its response being ready.
    func observeRequest(route: RequestRoute, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let classIndex = (100...599).contains(status) ? status / 100 - 1 : Self.statusClasses.count - 1
        let slot = RequestRoute.allCases.firstIndex(of: route)! * Self.statusClasses.count + classIndex
        requestDurations.withLock { $0[slot].observe(seconds) }
    }

    /// A fresh table of request-duration histograms, one per route and status class.
    static func emptyRequestDurations() -> [Histogram] {
        [Histogram](repeating: Histogram(), count: RequestRoute.allCases.count * statusClasses.count)
    }

    /// Appends the conventional series: `renderQueue` is the render pool's waiting jobs and its limit.
    func appendConventionalSeries(to out: inout PrometheusText, renderQueue: (depth: Int, capacity: Int)) {
        appendRequestDurations(to: &out)
        appendRenderQueue(to: &out, renderQueue)
        Self.appendBuildInfo(to: &out)
        Self.appendProcess(ProcessStatistics.current(), to: &out)
    }

    private func appendRequestDurations(to out: inout PrometheusText) {
        let table = requestDurations.withLock { $0 }
        let name = "ringd_http_request_duration_seconds"
        out.family(name, "histogram", "Time from a request's arrival at the application to its response, by route and status class.")
        for (routeIndex, route) in RequestRoute.allCases.enumerated() {
            for (classIndex, statusClass) in Self.statusClasses.enumerated() {
                let histogram = table[routeIndex * Self.statusClasses.count + classIndex]
                guard histogram.count > 0 else { continue }
                let labels = [("route", route.rawValue), ("status_class", statusClass)]
                for (le, count) in histogram.cumulative {
                    out.sample(name + "_bucket", labels + [("le", le)], count)
                }
                out.sample(name + "_sum", labels, histogram.sum)
                out.sample(name + "_count", labels, histogram.count)
            }
        }
    }

    private func appendRenderQueue(to out: inout PrometheusText, _ queue: (depth: Int, capacity: Int)) {
        out.family("ringd_render_queue_depth", "gauge", "Renders waiting for a render thread.")
        out.sample("ringd_render_queue_depth", queue.depth)
        out.family("ringd_render_queue_capacity", "gauge", "Renders that may wait (--render-queue); beyond it, 503.")
        out.sample("ringd_render_queue_capacity", queue.capacity)
    }

    private static func appendBuildInfo(to out: inout PrometheusText) {
        out.family("ringd_build_info", "gauge", "Always 1: the labels name the build's version and its pictures' renderer version.")
        out.sample("ringd_build_info", [("version", BuildInfo.version), ("renderer", BuildInfo.rendererVersion)], 1)
    }

    private static func appendProcess(_ stats: ProcessStatistics, to out: inout PrometheusText) {
        let series: [(String, String, String, Double?)] = [
            ("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", stats.cpuSeconds),
            ("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", stats.residentBytes),
            ("process_open_fds", "gauge", "Number of open file descriptors.", stats.openFDs.map(Double.init)),
            ("process_max_fds", "gauge", "Maximum number of open file descriptors.", stats.maxFDs.map(Double.init)),
            ("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
             stats.startTimeSeconds),
        ]
        for (name, type, help, value) in series {
            guard let value else { continue }
            out.family(name, type, help)
            out.sample(name, [], value)
        }
    }
}
