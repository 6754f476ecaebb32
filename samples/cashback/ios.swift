// Cashback (iOS): give a linked user (scope cashback) money back into their wallet.
// Needs samples/lib/OpaAuth.swift in the target; userAuthorizationId comes from the account link.
import Foundation

func giveCashback(userAuthorizationId: String) async throws -> String? {
    let (status, body) = try await OpaAuth.request("POST", "/v2/cashback", json: [
        "merchantCashbackId": OpaAuth.newId("sample-cashback"),
        "userAuthorizationId": userAuthorizationId,
        "amount": ["amount": 1, "currency": "JPY"],
        "requestedAt": OpaAuth.nowSeconds(),
        "orderDescription": "Thank-you cashback",
        "walletType": "PREPAID",
    ])
    // 202 REQUEST_ACCEPTED: the cashback is asynchronous
    guard status < 300 else { return nil }
    return (body["resultInfo"] as? [String: Any])?["code"] as? String
}
