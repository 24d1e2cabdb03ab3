import Foundation
import HummingbirdCore

extension URI {
    /// The query as a page's GET form sends it (`application/x-www-form-urlencoded`, where "+" is a
    /// space); the first value of a name that comes twice.
    var formParameters: [String: String] {
        func decode(_ text: Substring) -> String {
            text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
        }
        var parameters: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            if parameters[name] == nil { parameters[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return parameters
    }
}
