import Foundation
import Logging
import RingHTTP
import Testing
@testable import RingApp

/// `--log-format` and `--access-log` (issue 20): every JSON line parses, hostile text stays on its line.
@Suite struct LogFormatTests {
    static let hostile = "a\"b\\c\r\nd\u{0}e\u{7F}f\u{2028}g — ünïcödé 完了"

    @Test func jsonLinesParseAndKeepEveryField() throws {
        let line = LineLogHandler.line(
            format: .json, time: "2026-11-26T00:00:00.000Z", level: .warning, label: "ringd", message: Self.hostile,
            fields: ["target": .string(Self.hostile), "status": .stringConvertible(200), "ms": .stringConvertible(0.125),
                     "list": .array(["x", .stringConvertible(3)]), "message": "shadowed"])
        #expect(!line.contains("\n") && !line.contains("\r"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == Self.hostile)
        #expect(object["target"] as? String == Self.hostile)
        #expect(object["level"] as? String == "warning" && object["label"] as? String == "ringd")
        #expect(object["status"] as? Int == 200)
        #expect(object["ms"] as? Double == 0.125)
        #expect((object["list"] as? [Any])?.count == 2)
    }

    @Test func textLinesStayOneLine() {
        let line = LineLogHandler.line(
            format: .text, time: "t", level: .info, label: "ringd.access", message: "access",
            fields: ["target": .string(Self.hostile)])
        #expect(!line.contains("\n") && !line.contains("\r") && !line.contains("\u{0}"))
        #expect(line.hasPrefix("t info ringd.access: access target=a\"b\\c\\x0d\\x0ad\\x00e\\x7f"))
    }

    /// A target is cut to 256 bytes of UTF-8 on a character boundary.
    @Test func targetsAreCut() {
        #expect(AccessLog.excerpt("/ring?p=1") == "/ring?p=1")
        let long = "/ring?p=1&x=" + String(repeating: "完", count: 4000)
        let cut = AccessLog.excerpt(long)
        #expect(cut.utf8.count <= AccessLog.maxTargetBytes && cut.hasSuffix("…"))
        #expect(long.hasPrefix(String(cut.dropLast())))
    }

    /// Access lines in JSON parse and carry every field, for a request and for a protocol error; in text they
    /// are one line.
    @Test func accessLinesParse() throws {
        let json = AccessLog(format: .json, sink: LogSink(fileDescriptor: -1))
        let line = json.line(method: "GET", route: "ring", status: 200, bytes: 7177, ms: 0.037, cache: "hit",
                             renderMs: 1.5, target: Self.hostile, reason: nil)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["label"] as? String == "ringd.access" && object["message"] as? String == "access")
        #expect(object["status"] as? Int == 200 && object["bytes"] as? Int == 7177 && object["cache"] as? String == "hit")
        #expect(object["ms"] as? Double == 0.037 && object["render_ms"] as? Double == 1.5)
        #expect(object["target"] as? String == Self.hostile)
        let error = json.line(method: "-", route: "-", status: 414, bytes: nil, ms: nil, cache: "-", renderMs: nil,
                              target: nil, reason: "request-target \"longer\" than 8192 bytes")
        let e = try #require(try JSONSerialization.jsonObject(with: Data(error.utf8)) as? [String: Any])
        #expect(e["status"] as? Int == 414 && (e["reason"] as? String)?.contains("\"longer\"") == true)
        let text = AccessLog(format: .text, sink: LogSink(fileDescriptor: -1)).line(
            method: "GET", route: "ring", status: 200, bytes: 1, ms: 1, cache: "miss", renderMs: nil,
            target: Self.hostile, reason: nil)
        #expect(!text.contains("\n") && !text.contains("\r") && text.contains(" ringd.access: access "))
    }

    /// Access lines written as bytes keep their layout: time first, fields in key order, numbers bare, the
    /// app's tokens and user text quoted (JSON) or escaped (text).
    @Test func accessLineLayout() throws {
        let time = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#)
        let json = AccessLog(format: .json, sink: LogSink(fileDescriptor: -1)).line(
            method: "GET", route: "ring", status: 200, bytes: 7169, ms: 0.125, cache: "hit", renderMs: 1.5,
            target: "/ring?p=0.7", reason: nil)
        let jsonTail = #"","level":"info","label":"ringd.access","message":"access","bytes":7169,"cache":"hit","#
            + #""method":"GET","ms":0.125,"render_ms":1.5,"route":"ring","status":200,"target":"/ring?p=0.7"}"#
        #expect(json.hasPrefix(#"{"time":""#) && json.hasSuffix(jsonTail))
        #expect(String(json.dropFirst(9).dropLast(jsonTail.count)).wholeMatch(of: time) != nil)
        let text = AccessLog(format: .text, sink: LogSink(fileDescriptor: -1)).line(
            method: "HEAD", route: "-", status: 404, bytes: 0, ms: 2, cache: "-", renderMs: nil,
            target: "/x\u{1}y", reason: nil)
        let textTail = " info ringd.access: access bytes=0 cache=- method=HEAD ms=2.0 route=- status=404 target=/x\\x01y"
        #expect(text.hasSuffix(textTail))
        #expect(String(text.dropLast(textTail.count)).wholeMatch(of: time) != nil)
        #expect(LogTime.now().wholeMatch(of: time) != nil)
    }

    /// A refused parameter's line names it and gives the message as the reason, in key order.
    @Test func refusalLinesNameTheParameterAndReason() throws {
        let json = AccessLog(format: .json, sink: LogSink(fileDescriptor: -1)).line(
            method: "GET", route: "ring", status: 400, bytes: 60, ms: 0.5, cache: "-", renderMs: nil,
            target: "/ring?size=5", parameter: "size", reason: "size: got \"5\"; expected a number 16…2048 (px)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["parameter"] as? String == "size")
        #expect(object["reason"] as? String == "size: got \"5\"; expected a number 16…2048 (px)")
        #expect(json.contains(#""ms":0.5,"parameter":"size","reason":"size: got"#))
        let text = AccessLog(format: .text, sink: LogSink(fileDescriptor: -1)).line(
            method: "GET", route: "ring", status: 400, bytes: 60, ms: 0.5, cache: "-", renderMs: nil,
            target: "/ring?size=5", parameter: "size", reason: "size: got \"5\"")
        #expect(text.contains(" ms=0.5 parameter=size reason="))
    }

    /// A handler's level, label and metadata behave as swift-log requires (a value per Logger).
    @Test func handlerMetadataIsAValue() {
        var handler = LineLogHandler(label: "x", logLevel: .info, format: .json, sink: LogSink(fileDescriptor: -1))
        var copy = handler
        copy[metadataKey: "k"] = "v"
        #expect(handler[metadataKey: "k"] == nil && copy[metadataKey: "k"] == "v")
        handler.logLevel = .error
        #expect(copy.logLevel == .info)
    }

    @Test func settingsReadFormatAndAccessLog() throws {
        let s = try Settings(host: nil, port: nil, logLevel: nil,
                             environment: ["RINGD_LOG_FORMAT": "JSON", "RINGD_ACCESS_LOG": "1"])
        #expect(s.logFormat == .json && s.accessLog && s.appConfiguration.accessLog)
        #expect(try Settings(host: nil, port: nil, logLevel: nil, environment: [:]).logFormat == .text)
        #expect(throws: Settings.Invalid.self) {
            try Settings(host: nil, port: nil, logLevel: nil, logFormat: "xml", environment: [:])
        }
        #expect(throws: Settings.Invalid.self) {
            try Settings(host: nil, port: nil, logLevel: nil, environment: ["RINGD_ACCESS_LOG": "maybe"])
        }
    }
}
