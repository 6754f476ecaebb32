import { useLingui } from '@lingui/react/macro'
import QRCode from 'qrcode'
import { useEffect, useRef } from 'react'
import './phone-frame.css'

/** A payment's code url drawn as a QR code on a canvas (`qrcode`); `data-url` carries the url for tests. */
export function QrCanvas({ url, size }: { url: string; size: number }) {
  const ref = useRef<HTMLCanvasElement>(null)
  const { t } = useLingui()
  useEffect(() => {
    if (ref.current) void QRCode.toCanvas(ref.current, url, { width: size, margin: 1 })
  }, [url, size])
  return <canvas ref={ref} className="ui-qr" role="img" aria-label={t`QR code of the payment`} data-url={url} />
}
