// App Invoke (iOS): create a code whose payer returns to your app, then open data.deeplink in the wallet app.
// Needs samples/lib/OpaAuth.swift in the target and the cakeshop:// URL scheme registered for the return.
import UIKit

@MainActor
func payWithWalletApp() async throws {
    let (status, body) = try await OpaAuth.request("POST", "/v2/codes", json: [
        "merchantPaymentId": OpaAuth.newId("sample-appinvoke"),
        "amount": ["amount": 1, "currency": "JPY"],
        "codeType": "ORDER_QR",
        "orderDescription": "Matcha roll",
        "redirectType": "APP_DEEP_LINK",
        "redirectUrl": "cakeshop://orders/completed",
        "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
        "requestedAt": OpaAuth.nowSeconds(),
    ])
    guard status == 201, let data = body["data"] as? [String: Any],
          let deeplink = (data["deeplink"] as? String).flatMap(URL.init(string:)) else { return }
    await UIApplication.shared.open(deeplink)
}
