// App Invoke (Android): create a code whose payer returns to your app, then open data.deeplink in the wallet app.
// Needs samples/lib/OpaAuth.kt in the app module and an intent filter for cakeshop://orders/completed.
package com.example.cakeshop.paylab

import android.content.Context
import android.content.Intent
import android.net.Uri

suspend fun payWithWalletApp(context: Context) {
    val (status, body) = OpaAuth.request(
        "POST",
        "/v2/codes",
        mapOf(
            "merchantPaymentId" to OpaAuth.newId("sample-appinvoke"),
            "amount" to mapOf("amount" to 1, "currency" to "JPY"),
            "codeType" to "ORDER_QR",
            "orderDescription" to "Matcha roll",
            "redirectType" to "APP_DEEP_LINK",
            "redirectUrl" to "cakeshop://orders/completed",
            "userAgent" to "Mozilla/5.0 (Linux; Android 14; Pixel 8)",
            "requestedAt" to OpaAuth.nowSeconds(),
        ),
    )
    if (status != 201) return
    val deeplink = body.getJSONObject("data").getString("deeplink")
    context.startActivity(Intent(Intent.ACTION_VIEW, Uri.parse(deeplink)))
}
