// Auto direct debit (iOS): charge a linked user (scope direct_debit) at once; the answer says COMPLETED.
// Needs samples/lib/OpaAuth.swift in the target; userAuthorizationId comes from the account link.
import Foundation

func payByDirectDebit(userAuthorizationId: String) async throws -> String? {
    let (status, body) = try await OpaAuth.request("POST", "/v2/payments", json: [
        "merchantPaymentId": OpaAuth.newId("sample-debit"),
        "userAuthorizationId": userAuthorizationId,
        "amount": ["amount": 1, "currency": "JPY"],
        "requestedAt": OpaAuth.nowSeconds(),
        "orderDescription": "Chocolate cake",
    ], query: "?agreeSimilarTransaction=true")
    guard status == 201 else { return nil }
    return (body["data"] as? [String: Any])?["status"] as? String
}
