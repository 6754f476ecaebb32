// OPA-Auth for the Android samples (Kotlin, API 26+, kotlinx.coroutines, org.json): signs one request and sends it.
// Header: Authorization: hmac OPA-Auth:{apiKey}:{macData}:{nonce}:{epoch}:{hash}
//   hash    = base64(MD5(contentType + body)), or "empty" when there is no body
//   macData = base64(HMAC-SHA256(apiSecret, listOf(path, method, nonce, epoch, contentType, hash).joinToString("\n")))
// The path has no query string. Defaults: the PayLab demo merchant of the offline sandbox (public test keys).
// A shipped app must not carry an API secret: there this signing runs on your server and the app asks it for the
// code or the payment. Signing in the app is for trying the sandbox from an emulator only (10.0.2.2 is the host).
package com.example.cakeshop.paylab

import java.net.HttpURLConnection
import java.net.URL
import java.security.MessageDigest
import java.security.SecureRandom
import java.util.Base64
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.withContext
import org.json.JSONObject

object OpaAuth {
    var baseUrl = "http://10.0.2.2:3000"
    var apiKey = "a_PayLabDemo_0001"
    var apiSecret = "cGF5bGFiLXNhbmRib3gtZGVtby1zZWNyZXQtbm90LWZvci1saXZlLXVzZQ=="
    var merchantId = "100000000000000001"
    private val random = SecureRandom()

    data class Response(val status: Int, val body: JSONObject)

    fun authorization(method: String, path: String, body: String?, contentType: String): String {
        val nonce = randomHex(3) // spec §7: 6 hex characters
        val epoch = nowSeconds().toString()
        val hash = if (body == null) "empty" else {
            val md5 = MessageDigest.getInstance("MD5")
            md5.update(contentType.toByteArray())
            Base64.getEncoder().encodeToString(md5.digest(body.toByteArray()))
        }
        val hmac = Mac.getInstance("HmacSHA256").apply { init(SecretKeySpec(apiSecret.toByteArray(), "HmacSHA256")) }
        val message = listOf(path, method, nonce, epoch, contentType, hash).joinToString("\n")
        val mac = Base64.getEncoder().encodeToString(hmac.doFinal(message.toByteArray()))
        return "hmac OPA-Auth:$apiKey:$mac:$nonce:$epoch:$hash"
    }

    /** Sends a signed request off the main thread; answers the HTTP status and the JSON body (resultInfo, data). */
    suspend fun request(method: String, path: String, json: Map<String, Any?>? = null, query: String = ""): Response =
        withContext(Dispatchers.IO) {
            val body = json?.let { JSONObject(it).toString() }
            val contentType = if (body == null) "empty" else "application/json;charset=UTF-8;"
            val connection = URL(baseUrl + path + query).openConnection() as HttpURLConnection
            try {
                connection.requestMethod = method
                connection.setRequestProperty("Authorization", authorization(method, path, body, contentType))
                connection.setRequestProperty("X-ASSUME-MERCHANT", merchantId)
                if (body != null) {
                    connection.setRequestProperty("Content-Type", contentType)
                    connection.doOutput = true
                    connection.outputStream.use { it.write(body.toByteArray()) }
                }
                val status = connection.responseCode
                val stream = if (status < 400) connection.inputStream else connection.errorStream
                Response(status, JSONObject(stream.bufferedReader().use { it.readText() }))
            } finally {
                connection.disconnect()
            }
        }

    fun newId(prefix: String) = "$prefix-${randomHex(8)}"

    fun nowSeconds() = System.currentTimeMillis() / 1000

    private fun randomHex(bytes: Int) = ByteArray(bytes).also(random::nextBytes).joinToString("") { "%02x".format(it) }
}
