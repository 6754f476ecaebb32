// Cashback (Android): give a linked user (scope cashback) money back into their wallet.
// Needs samples/lib/OpaAuth.kt in the app module; userAuthorizationId comes from the account link.
package com.example.cakeshop.paylab

suspend fun giveCashback(userAuthorizationId: String): String? {
    val (status, body) = OpaAuth.request(
        "POST",
        "/v2/cashback",
        mapOf(
            "merchantCashbackId" to OpaAuth.newId("sample-cashback"),
            "userAuthorizationId" to userAuthorizationId,
            "amount" to mapOf("amount" to 1, "currency" to "JPY"),
            "requestedAt" to OpaAuth.nowSeconds(),
            "orderDescription" to "Thank-you cashback",
            "walletType" to "PREPAID",
        ),
    )
    // 202 REQUEST_ACCEPTED: the cashback is asynchronous
    return if (status < 300) body.getJSONObject("resultInfo").getString("code") else null
}
