import Foundation
import HearthAPI
import HearthStore
import Hummingbird
import Prometheus

/// Endpoints for operators and tools: health, metrics and the OpenAPI document.
struct OperationsRoutes {
    let database: Database
    let metrics: PrometheusCollectorRegistry

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/health") { _, _ in
            do {
                try await database.run("SELECT 1")
                return Self.text("{\"status\":\"ok\",\"database\":\"\(database.kind.rawValue)\"}", type: "application/json")
            } catch {
                return Self.text("{\"status\":\"unavailable\",\"database\":\"\(database.kind.rawValue)\"}",
                                 type: "application/json", status: .serviceUnavailable)
            }
        }
        router.get("/metrics") { _, _ in
            Self.text(metrics.emitToString(), type: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("/api/openapi.yaml") { _, _ in
            Self.text(try HearthAPIDocument.yaml, type: "application/yaml; charset=utf-8")
        }
    }

    static func text(_ body: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
