import { useId } from 'react'
import './kit.css'

/** A labelled range slider that shows its value. */
export function Slider({
  label,
  min,
  max,
  step = 1,
  value,
  onChange,
  format = String,
}: {
  label: string
  min: number
  max: number
  step?: number
  value: number
  onChange: (value: number) => void
  format?: (value: number) => string
}) {
  const id = useId()
  return (
    <div className="ui-slider">
      <label htmlFor={id} className="ui-slider__label">
        {label} <output htmlFor={id}>{format(value)}</output>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        style={{ ['--ui-slider-fill' as string]: `${((value - min) / (max - min)) * 100}%` }}
      />
    </div>
  )
}
