@testable import RingApp
import RingFetch

/// libFuzzer target for what a `src` document and a `query=` path can hold: the JSON parser, the JSONPath subset,
/// and the step that turns a document into image parameters (``SourceValues``). A path that parses prints as a
/// path that parses back to itself; nothing a document holds may crash or hang the merge.
///
/// Input layout: the first line is the path (`query=`), the rest the document (bytes, not necessarily UTF-8).
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonPathFuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let pathText = String(decoding: bytes[..<newline], as: UTF8.self)
    let documentBytes = newline < bytes.count ? Array(bytes[(newline + 1)...]) : []
    let path = try? JSONPath(parsing: pathText)
    if let path {
        guard let again = try? JSONPath(parsing: path.description), again == path else {
            fatalError("\(path) does not parse back to itself")
        }
    }
    guard let document = try? JSONDocument(parsing: documentBytes) else { return 0 }
    if let path, case .found(let value) = path.evaluate(document), value.typeName.isEmpty { fatalError("no type name") }
    for route in [ImageRoute.ring, .badge, .activity] {
        let source = SourceQuery(url: sourceURL, path: path, max: 100)
        if let fields = try? SourceValues.documentFields(document, source: source, route: route) {
            for (name, value) in fields where value.utf8.count > QueryString.maxValueBytes || SourceQuery.reservedNames.contains(name) {
                fatalError("the document set \(name) to \(value.utf8.count) bytes")
            }
        }
        let endpoint = SourceQuery(url: sourceURL, path: nil, max: 1)
        if let (query, _) = try? SourceValues.merged(QueryString(items: []), document: document, source: endpoint, route: route) {
            _ = try? QueryDecoder.decode(route: route, query: query)
        }
    }
    return 0
}

let sourceURL = try! SourceURL(parsing: "https://example.org/doc.json")
