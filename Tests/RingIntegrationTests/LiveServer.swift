import RingApp
import RingHTTP

/// ringd's responder on a real server on a free loopback port, in this process.
struct LiveServer {
    let app: RingApplication
    let server: HTTPServer
    let port: Int

    init(_ configuration: AppConfiguration = AppConfiguration(), server serverConfiguration: HTTPServer.Configuration
         = HTTPServer.Configuration(port: 0)) throws {
        app = RingApplication(configuration: configuration)
        server = HTTPServer(configuration: serverConfiguration, responder: app)
        try server.start()
        port = server.port!
        app.metrics.setOpenConnectionsSource { [server] in server.openConnections }
    }

    func stop() async {
        await server.shutdown(gracePeriod: .seconds(1))
    }
}
