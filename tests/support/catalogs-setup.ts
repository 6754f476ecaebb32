import { compileCatalogs } from '../../scripts/compile-catalogs.ts'

/** The compiled message catalogs (`lingui compile`, scripts/compile-catalogs.ts), which the code under test imports. */
export default function setup() {
  compileCatalogs()
}
