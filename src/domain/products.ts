/**
 * The payment products a developer picks at sign-up (spec §1, §3 Product), and the one source of their names: sign-up,
 * the lab's tabs, Settings → OPA Scopes and the sample catalogue read `name`/`nameJp` from here. `model` is the scope stored on the
 * merchant; `corporateOnly` marks the products spec §1 reserves for corporate customers.
 */
import { productModels, type ProductModel } from './lab-ids.ts'

/** The models, in the products' order: they live in `lab-ids.ts` so the lab's route can validate without this table. */
export { productModels, type ProductModel }

export interface Product {
  id: number
  model: ProductModel
  name: string
  nameJp: string
  description: string
  descriptionJp: string
  /** Path of the product's icon, served from public/. */
  logo: string
  corporateOnly: boolean
}

const productTable: Record<ProductModel, Omit<Product, 'model'>> = {
  webcashier: {
    id: 1,
    name: 'Web Payment',
    nameJp: 'ウェブペイメント',
    description:
      'Let customers pay on your website or web app: they scan a QR code on a PC or jump to the wallet app on a smartphone, then return to your page.',
    descriptionJp:
      'ウェブサイトやウェブアプリで支払いを受け付けます。PCではQRコードを読み取り、スマートフォンではウォレットアプリに切り替えて支払い、元のページに戻ります。',
    logo: '/products/webcashier.svg',
    corporateOnly: false,
  },
  autodebit: {
    id: 2,
    name: 'Native Payment',
    nameJp: 'ネイティブペイメント',
    description: "After a one-time link of the customer's wallet, charge them directly from your app or service without leaving it.",
    descriptionJp: '一度ウォレットを連携すれば、その後はアプリやサービスを離れることなく直接支払いを受け付けられます。',
    logo: '/products/autodebit.svg',
    corporateOnly: false,
  },
  qrcode: {
    id: 3,
    name: 'Dynamic QR Code',
    nameJp: 'ダイナミックQRコード',
    description: 'Show a QR code generated for each order on your register or screen; the customer scans it with the wallet app.',
    descriptionJp: '注文ごとに生成したQRコードをレジや画面に表示し、お客様がウォレットアプリで読み取って支払います。',
    logo: '/products/qrcode.svg',
    corporateOnly: false,
  },
  appinvoke: {
    id: 4,
    name: 'App Invoke',
    nameJp: 'アプリ呼び出し',
    description: 'Open the wallet app from your smartphone app with the payment prepared, and come back when it is done.',
    descriptionJp: 'スマートフォンアプリから支払い内容を準備した状態でウォレットアプリを起動し、完了後に元のアプリへ戻ります。',
    logo: '/products/appinvoke.svg',
    corporateOnly: false,
  },
  continuous_payments: {
    id: 5,
    name: 'Continuous Payment',
    nameJp: '継続課金',
    description: 'Charge a linked customer on a schedule for subscriptions and recurring bills. Available to corporate customers only.',
    descriptionJp: '連携済みのお客様に定期的に請求し、サブスクリプションや継続課金に対応します。法人のお客様のみご利用いただけます。',
    logo: '/products/continuous_payments.svg',
    corporateOnly: true,
  },
  preauth_capture: {
    id: 6,
    name: 'Pre-auth & Capture',
    nameJp: '仮売上・売上確定',
    description: 'Reserve an amount when the order is placed and capture the final amount later, for example when the goods ship.',
    descriptionJp: '注文時に金額を仮押さえし、商品の発送時など後から確定した金額で売上を確定します。',
    logo: '/products/preauth_capture.svg',
    corporateOnly: false,
  },
  request_money: {
    id: 7,
    name: 'Request Money',
    nameJp: 'リクエストマネー',
    description: "Send a payment request to a customer's wallet; they approve it in the app when it suits them. Available to corporate customers only.",
    descriptionJp: 'お客様のウォレットに支払いリクエストを送り、お客様は都合のよいときにアプリで承認します。法人のお客様のみご利用いただけます。',
    logo: '/products/request_money.svg',
    corporateOnly: true,
  },
}

/** The products in the order of `productModels` (lab-ids.ts, where the route reads the names): the table has each model once. */
export const products: readonly Product[] = productModels.map((model) => ({ model, ...productTable[model] }))

/**
 * Each product's documentation page. Markdown cannot read this table, so tests/unit/product-names.test.ts holds the
 * Japanese content to it: the page's title, the home page's and the docs index's cards and the menus say `nameJp`.
 */
export const productDocsPath: Record<ProductModel, string> = {
  webcashier: '/products/docs/webpayment',
  autodebit: '/products/docs/nativepayment',
  qrcode: '/products/docs/qrcode',
  appinvoke: '/products/docs/appinvoke',
  continuous_payments: '/products/docs/continuouspayment',
  preauth_capture: '/products/docs/preauthcapture',
  request_money: '/products/docs/requestmoney',
}

export const productById = (id: number) => products.find((p) => p.id === id)

/**
 * The user-authorization scopes (spec §3 authorisation scopes) each product asks a payer for; the OPA endpoints a
 * product opens are the sandbox paths of its lab endpoints (`labEndpointsOf` in lab.ts). Shown in Settings → OPA Scopes.
 */
export const authorizationScopesOf: Record<ProductModel, readonly string[]> = {
  webcashier: [],
  qrcode: [],
  appinvoke: [],
  autodebit: ['direct_debit', 'get_balance', 'user_profile'],
  continuous_payments: ['continuous_payments'],
  preauth_capture: ['preauth_capture_native', 'preauth_capture_transaction'],
  request_money: ['pending_payments'],
}

/**
 * Whether a key's product models grant one of `models`: a key with no product list grants every product (the
 * sandbox's keys made before products were chosen). The API's route guards (`requireProducts`), the sandbox
 * commands and the engine's own checks all ask this one question.
 */
export const grantsAnyProduct = (granted: readonly string[], ...models: readonly ProductModel[]) =>
  granted.length === 0 || models.some((m) => granted.includes(m))
