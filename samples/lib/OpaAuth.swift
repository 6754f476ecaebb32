// OPA-Auth for the iOS samples (Swift 5.9, iOS 15+, CryptoKit): signs one request and sends it.
// Header: Authorization: hmac OPA-Auth:{apiKey}:{macData}:{nonce}:{epoch}:{hash}
//   hash    = base64(MD5(contentType + body)), or "empty" when there is no body
//   macData = base64(HMAC-SHA256(apiSecret, [path, method, nonce, epoch, contentType, hash].joined("\n")))
// The path has no query string. Defaults: the PayLab demo merchant of the offline sandbox (public test keys).
// A shipped app must not carry an API secret: there this signing runs on your server and the app asks it for the
// code or the payment. Signing in the app is for trying the sandbox from a simulator only.
import CryptoKit
import Foundation

enum OpaAuth {
    static var baseURL = URL(string: "http://localhost:3000")!
    static var apiKey = "a_PayLabDemo_0001"
    static var apiSecret = "cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ=="
    static var merchantId = "100000000000000001"

    static func authorization(method: String, path: String, body: Data?, contentType: String) -> String {
        let nonce = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(6)).lowercased() // spec §7: 6 hex characters
        let epoch = String(nowSeconds())
        var hash = "empty"
        if let body {
            hash = Data(Insecure.MD5.hash(data: Data(contentType.utf8) + body)).base64EncodedString()
        }
        let message = [path, method, nonce, epoch, contentType, hash].joined(separator: "\n")
        let mac = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: Data(apiSecret.utf8)))
        return "hmac OPA-Auth:\(apiKey):\(Data(mac).base64EncodedString()):\(nonce):\(epoch):\(hash)"
    }

    /// Sends a signed request; answers the HTTP status and the JSON body (`resultInfo`, `data`).
    static func request(_ method: String, _ path: String, json: [String: Any]? = nil, query: String = "") async throws -> (status: Int, body: [String: Any]) {
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) }
        let contentType = body == nil ? "empty" : "application/json;charset=UTF-8;"
        var request = URLRequest(url: URL(string: path + query, relativeTo: baseURL)!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue(authorization(method: method, path: path, body: body, contentType: contentType), forHTTPHeaderField: "Authorization")
        request.setValue(merchantId, forHTTPHeaderField: "X-ASSUME-MERCHANT")
        if body != nil { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, answer)
    }

    static func newId(_ prefix: String) -> String {
        "\(prefix)-\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())"
    }

    static func nowSeconds() -> Int { Int(Date().timeIntervalSince1970) }
}
