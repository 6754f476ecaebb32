// Dynamic QR Code (Android): create a code for one order; draw data.url as a QR (e.g. with ZXing) for the payer.
// Needs samples/lib/OpaAuth.kt in the app module.
package com.example.cakeshop.paylab

suspend fun createDynamicQr(): String? {
    val (status, body) = OpaAuth.request(
        "POST",
        "/v2/codes",
        mapOf(
            "merchantPaymentId" to OpaAuth.newId("sample-qr"),
            "amount" to mapOf("amount" to 1, "currency" to "JPY"),
            "codeType" to "ORDER_QR",
            "orderDescription" to "Strawberry shortcake",
            "orderItems" to listOf(mapOf("name" to "Strawberry shortcake", "quantity" to 1, "unitPrice" to mapOf("amount" to 1, "currency" to "JPY"))),
            "requestedAt" to OpaAuth.nowSeconds(),
        ),
    )
    return if (status == 201) body.getJSONObject("data").getString("url") else null
}
