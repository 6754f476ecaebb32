// Dynamic QR Code (iOS): create a code for one order and draw data.url as a QR the payer scans.
// Needs samples/lib/OpaAuth.swift in the target.
import CoreImage.CIFilterBuiltins
import UIKit

func createDynamicQr() async throws -> UIImage? {
    let (status, body) = try await OpaAuth.request("POST", "/v2/codes", json: [
        "merchantPaymentId": OpaAuth.newId("sample-qr"),
        "amount": ["amount": 1, "currency": "JPY"],
        "codeType": "ORDER_QR",
        "orderDescription": "Strawberry shortcake",
        "orderItems": [["name": "Strawberry shortcake", "quantity": 1, "unitPrice": ["amount": 1, "currency": "JPY"]]],
        "requestedAt": OpaAuth.nowSeconds(),
    ])
    guard status == 201, let data = body["data"] as? [String: Any], let url = data["url"] as? String else { return nil }
    let filter = CIFilter.qrCodeGenerator()
    filter.message = Data(url.utf8)
    guard let image = filter.outputImage?.transformed(by: CGAffineTransform(scaleX: 8, y: 8)),
          let cgImage = CIContext().createCGImage(image, from: image.extent) else { return nil }
    return UIImage(cgImage: cgImage)
}
