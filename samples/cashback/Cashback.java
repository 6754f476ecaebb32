// Cashback: give a linked user (scope cashback) money back into their wallet.
// Run: javac -d build samples/lib/OpaAuth.java samples/cashback/Cashback.java
//      PAYLAB_USER_AUTHORIZATION_ID=… java -cp build Cashback
public final class Cashback {
    public static void main(String[] args) throws Exception {
        String body = """
            {"merchantCashbackId": "%s",
             "userAuthorizationId": "%s",
             "amount": {"amount": 1, "currency": "JPY"},
             "requestedAt": %d,
             "orderDescription": "Thank-you cashback",
             "walletType": "PREPAID"}
            """.formatted(OpaAuth.newId("sample-cashback"), System.getenv("PAYLAB_USER_AUTHORIZATION_ID"), OpaAuth.nowSeconds());
        OpaAuth.Response response = OpaAuth.request("POST", "/v2/cashback", body, "");
        System.out.println(response.body()); // 202 REQUEST_ACCEPTED: the cashback is asynchronous
        System.out.println(response.status() < 300 ? "Cashback created" : "Cashback creation failure"); // spec §8: the outcome, in words
        if (response.status() >= 300) System.exit(1);
    }
}
