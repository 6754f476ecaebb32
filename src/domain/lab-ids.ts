/**
 * The names a lab address may carry (`/develop/paylab-lab?endpoint=&scenario=`), apart from the lab's table
 * (`lab.ts`): the route validates its search with them, and the browser's entry must not carry the whole table
 * (names in two languages, codes) for that. This is the one list of the names: `lab.ts` types each endpoint's id with
 * `LabEndpointId` and does not compile while one has no endpoint; `products.ts` keys its table by `ProductModel` and
 * lists the products in this order.
 */
/** The product models (the scope stored on a merchant), in the products' order. */
export const productModels = ['webcashier', 'autodebit', 'qrcode', 'appinvoke', 'continuous_payments', 'preauth_capture', 'request_money'] as const
export type ProductModel = (typeof productModels)[number]

export const scenarioIds = ['model1', 'model2', 'model3', 'model4'] as const
export type ScenarioId = (typeof scenarioIds)[number]

export const labEndpointIds = [
  'postCodes',
  'getCodesPayment',
  'deleteCodes',
  'deletePayments',
  'postRefunds',
  'getRefunds',
  'postPayments',
  'postPreauthorizePayments',
  'postCapturePayments',
  'postRevertPreauthorizePayments',
  'getPayments',
  'getCheckBalanceWallet',
  'getAuthorizationsUser',
  'getSecureProfileUser',
  'postRequestOrder',
  'getRequestOrder',
  'deleteRequestOrder',
  'postSubscriptionPayments',
] as const
export type LabEndpointId = (typeof labEndpointIds)[number]
