// App Invoke: create a code whose payer returns to your app; open data.deeplink on the phone.
// Run: javac -d build samples/lib/OpaAuth.java samples/app-invoke/AppInvoke.java && java -cp build AppInvoke
public final class AppInvoke {
    public static void main(String[] args) throws Exception {
        String body = """
            {"merchantPaymentId": "%s",
             "amount": {"amount": 1, "currency": "JPY"},
             "codeType": "ORDER_QR",
             "orderDescription": "Matcha roll",
             "redirectType": "APP_DEEP_LINK",
             "redirectUrl": "cakeshop://orders/completed",
             "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
             "requestedAt": %d}
            """.formatted(OpaAuth.newId("sample-appinvoke"), OpaAuth.nowSeconds());
        OpaAuth.Response response = OpaAuth.request("POST", "/v2/codes", body, "");
        System.out.println(response.body()); // data.deeplink opens the wallet app
        if (response.status() == 201) System.out.println("QR Code created"); // spec §8: the outcome, in words
        if (response.status() != 201) System.exit(1);
    }
}
