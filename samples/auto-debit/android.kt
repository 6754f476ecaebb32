// Auto direct debit (Android): charge a linked user (scope direct_debit) at once; the answer says COMPLETED.
// Needs samples/lib/OpaAuth.kt in the app module; userAuthorizationId comes from the account link.
package com.example.cakeshop.paylab

suspend fun payByDirectDebit(userAuthorizationId: String): String? {
    val (status, body) = OpaAuth.request(
        "POST",
        "/v2/payments",
        mapOf(
            "merchantPaymentId" to OpaAuth.newId("sample-debit"),
            "userAuthorizationId" to userAuthorizationId,
            "amount" to mapOf("amount" to 1, "currency" to "JPY"),
            "requestedAt" to OpaAuth.nowSeconds(),
            "orderDescription" to "Chocolate cake",
        ),
        query = "?agreeSimilarTransaction=true",
    )
    return if (status == 201) body.getJSONObject("data").getString("status") else null
}
