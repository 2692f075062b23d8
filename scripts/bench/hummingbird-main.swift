// Serves one body from memory with the headers ringd sends: hb-bench PORT PATH BODY-FILE HEADER-FILE.
import Foundation
import HTTPTypes
import Hummingbird

let arguments = CommandLine.arguments
let port = Int(arguments[1])!
let path = arguments[2]
let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: arguments[3])))
var fields = HTTPFields()
for line in try String(contentsOfFile: arguments[4], encoding: .utf8).split(separator: "\n") {
    guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else { continue }
    fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}
let headers = fields
let router = Router()
router.get(RouterPath(path)) { _, _ -> Response in
    Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
