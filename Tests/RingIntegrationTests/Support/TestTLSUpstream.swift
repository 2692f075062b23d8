#if canImport(Glibc)
import Glibc
#endif
import RingTestSupport
import Foundation

/// Certificates made at test time with the `openssl` command line (a test CA; a server certificate for
/// 127.0.0.1 and localhost; an expired one; one for another name) and an `openssl s_server -WWW` serving files
/// over TLS on loopback with one of them: an HTTPS upstream that shares no code with ringd's client.
final class TestTLSUpstream {
    /// Which server certificate `s_server` presents.
    enum Certificate: String {
        case good, expired, wrongHost
    }

    let directory: URL
    let port: Int
    private let server: Process

    /// The test CA's certificate (what `--source-ca-file` gets).
    var caFile: String { directory.appendingPathComponent("ca.pem").path }

    /// Makes the certificates, writes `files` (name → content) and starts `s_server` presenting `certificate`.
    init(certificate: Certificate = .good, files: [String: String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ringd-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            try Self.makeCertificates(in: directory)
            for (name, content) in files {
                try content.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            port = try Self.freePort()
            server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            server.arguments = ["openssl", "s_server", "-accept", "127.0.0.1:\(port)", "-WWW", "-quiet",
                                "-cert", "\(certificate.rawValue).pem", "-key", "server.key"]
            server.currentDirectoryURL = directory
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            guard Self.waitUntilListening(port: port) else { throw Failure("openssl s_server did not start") }
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Stops the server and removes the certificates.
    func stop() {
        if server.isRunning {
            // SIGKILL, not terminate()'s SIGTERM: the test process blocks SIGTERM for the servers it runs (their
            // signal handling), and a child inherits the blocked mask, so s_server would never see it.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func makeCertificates(in directory: URL) throws {
        let ext = "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n"
        try ext.write(to: directory.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        try "subjectAltName=DNS:other.invalid\nbasicConstraints=CA:FALSE\n"
            .write(to: directory.appendingPathComponent("wrong.ext"), atomically: true, encoding: .utf8)
        // `openssl ca` is the command that sets a certificate's dates (for the expired one); it needs a tiny database.
        let config = """
            [ca]
            default_ca = test
            [test]
            dir = .
            database = index.txt
            new_certs_dir = .
            certificate = ca.pem
            private_key = ca.key
            serial = serial
            default_md = sha256
            policy = any
            [any]
            commonName = supplied
            """
        try config.write(to: directory.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
        try "".write(to: directory.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
        try "10\n".write(to: directory.appendingPathComponent("serial"), atomically: true, encoding: .utf8)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        try openssl(["req", "-x509"] + key + ["-keyout", "ca.key", "-out", "ca.pem", "-subj", "/CN=ringd test CA",
                     "-days", "2", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"], in: directory)
        try openssl(["req"] + key + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"], in: directory)
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "2",
                     "-days", "2", "-extfile", "server.ext", "-out", "good.pem"], in: directory)
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "3",
                     "-days", "2", "-extfile", "wrong.ext", "-out", "wrongHost.pem"], in: directory)
        try openssl(["ca", "-batch", "-config", "ca.cnf", "-notext", "-startdate", "20200101000000Z",
                     "-enddate", "20200102000000Z", "-extfile", "server.ext", "-in", "server.csr", "-out", "expired.pem"], in: directory)
    }

    private static func openssl(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("openssl \(arguments.prefix(2).joined(separator: " ")): \(text)") }
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failure("no free port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func waitUntilListening(port: Int) -> Bool {
        eventually {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            } == 0
        }
    }
}
