#if canImport(Glibc)
import Glibc
#endif
import RingHTTP
import Testing
@testable import RingApp

/// The conventional series on `/metrics`: request latency by route and status class, `process_*`, build info and
/// the render queue's gauges.
@Suite struct MetricsConventionTests {
    /// The value of the one sample line starting with `prefix` (name and labels), or nil.
    static func value(_ text: String, _ prefix: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(prefix + " ") }.flatMap { Double($0.split(separator: " ").last!) }
    }

    @Test func requestDurationsAreCountedByRouteAndStatusClass() {
        let app = RingApplication()
        _ = app.respond(to: request("/ring?p=0.5"))
        _ = app.respond(to: request("/ring?p=0.5"))
        _ = app.respond(to: request("/ring?p=abc"))
        _ = app.respond(to: request("/nope"))
        let text = app.metrics.exposition(cache: app.cache.statistics)
        let name = "ringd_http_request_duration_seconds"
        #expect(text.contains("# TYPE \(name) histogram"))
        #expect(Self.value(text, "\(name)_count{route=\"ring\",status_class=\"2xx\"}") == 2)
        #expect(Self.value(text, "\(name)_bucket{route=\"ring\",status_class=\"2xx\",le=\"+Inf\"}") == 2)
        #expect(Self.value(text, "\(name)_count{route=\"ring\",status_class=\"4xx\"}") == 1)
        #expect(Self.value(text, "\(name)_count{route=\"not_found\",status_class=\"4xx\"}") == 1)
        #expect((Self.value(text, "\(name)_sum{route=\"ring\",status_class=\"2xx\"}") ?? -1) > 0)
        #expect(!text.contains("route=\"pie\",status_class"))
    }

    @Test func statusClasses() {
        #expect(Metrics.statusClass(204) == "2xx" && Metrics.statusClass(304) == "3xx" && Metrics.statusClass(503) == "5xx")
        #expect(Metrics.statusClass(42) == "other")
    }

    @Test func buildInfoQueueAndProcessSeries() throws {
        let app = RingApplication(configuration: AppConfiguration(renderQueueLimit: 7))
        let text = app.metrics.exposition(cache: app.cache.statistics, renderQueue: (3, 7))
        #expect(text.contains("ringd_build_info{version=\"\(BuildInfo.version)\",renderer=\"\(CanonicalSpec.rendererVersion)\"} 1\n"))
        #expect(Self.value(text, "ringd_render_queue_depth") == 3)
        #expect(Self.value(text, "ringd_render_queue_capacity") == 7)
        // This test process's own figures, from /proc (the test runs on Linux).
        let cpu = try #require(Self.value(text, "process_cpu_seconds_total"))
        #expect(cpu > 0)
        #expect(try #require(Self.value(text, "process_resident_memory_bytes")) > 1_000_000)
        let open = try #require(Self.value(text, "process_open_fds"))
        let max = try #require(Self.value(text, "process_max_fds"))
        #expect(open >= 3 && open <= max)
        let start = try #require(Self.value(text, "process_start_time_seconds"))
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        #expect(start > 1_600_000_000 && start <= Double(now.tv_sec) + 1)
    }

    /// The server's own `/metrics` answer carries the render pool's real limit.
    @Test func metricsRouteReportsTheConfiguredQueue() {
        let app = RingApplication(configuration: AppConfiguration(renderQueueLimit: 5))
        let text = String(decoding: app.respond(to: request("/metrics")).body, as: UTF8.self)
        #expect(Self.value(text, "ringd_render_queue_capacity") == 5)
        #expect(Self.value(text, "ringd_render_queue_depth") == 0)
    }
}
