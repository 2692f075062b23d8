#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import RingSync

/// How log lines are written (`--log-format`).
public enum LogFormat: String, Sendable, CaseIterable {
    /// `2026-11-26T00:40:00.123Z info ringd: message key=value` — for people.
    case text
    /// One JSON object per line: `time`, `level`, `label`, `message`, then the metadata as fields — for log
    /// shippers.
    case json

    /// A handler writing this format to `sink` at `level`.
    public func handler(label: String, level: Logger.Level, sink: LogSink = .standardError) -> any LogHandler {
        LineLogHandler(label: label, logLevel: level, format: self, sink: sink)
    }
}

/// ringd's `LogHandler`: one line per event in a ``LogFormat``, through a buffered ``LogSink``.
struct LineLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    let format: LogFormat
    let sink: LogSink
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, logLevel: Logger.Level, format: LogFormat, sink: LogSink) {
        self.label = label
        self.logLevel = logLevel
        self.format = format
        self.sink = sink
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { _, new in new } }
        if let own = event.metadata { fields.merge(own) { _, new in new } }
        sink.write(Self.line(
            format: format, time: LogTime.now(), level: event.level, label: label, message: event.message.description,
            fields: fields))
    }

    /// The line for one event (fields in key order, so lines are stable to read and to test).
    static func line(
        format: LogFormat, time: String, level: Logger.Level, label: String, message: String, fields: Logger.Metadata
    ) -> String {
        let keys = fields.keys.sorted()
        switch format {
        case .json:
            var out = "{\"time\":\"\(time)\",\"level\":\"\(level.rawValue)\",\"label\":"
            JSONText.appendString(label, to: &out)
            out += ",\"message\":"
            JSONText.appendString(message, to: &out)
            for key in keys where !["time", "level", "label", "message"].contains(key) {
                out += ","
                JSONText.appendString(key, to: &out)
                out += ":"
                JSONText.append(fields[key]!, to: &out)
            }
            return out + "}"
        case .text:
            var out = "\(time) \(level.rawValue) \(label): \(TextLine.escaped(message))"
            for key in keys { out += " \(key)=\(TextLine.escaped(fields[key]!.description))" }
            return out
        }
    }
}

/// Text lines stay one line: control characters in user text (a request target) are escaped.
enum TextLine {
    static func escaped(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The wall-clock time of a log line: UTC, ISO 8601, milliseconds.
enum LogTime {
    /// The formatted second last used (`2026-11-26T00:40:00.`): a line per request mostly shares it.
    private static let lastSecond = LockedValue<(seconds: Int, prefix: String)>((-1, ""))

    static func now() -> String {
        var out: [UInt8] = []
        append(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the time (`2026-11-26T00:40:00.123Z`) to `out`.
    static func append(to out: inout [UInt8]) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let seconds = Int(spec.tv_sec)
        let prefix = lastSecond.withLock { last -> String in
            if last.seconds == seconds { return last.prefix }
            var t = spec.tv_sec
            var parts = tm()
            gmtime_r(&t, &parts)
            func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
            let text = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
                + "\(two(parts.tm_min)):\(two(parts.tm_sec))."
            last = (seconds, text)
            return text
        }
        out.append(contentsOf: prefix.utf8)
        let millis = Int(spec.tv_nsec) / 1_000_000
        out.append(UInt8(ascii: "0") + UInt8(millis / 100))
        out.append(UInt8(ascii: "0") + UInt8(millis / 10 % 10))
        out.append(UInt8(ascii: "0") + UInt8(millis % 10))
        out.append(UInt8(ascii: "Z"))
    }
}
