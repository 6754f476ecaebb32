#!/usr/bin/env node
// node_modules/.bin/paylab (`npx paylab …`): the command line of this repository, run in this process (scripts/paylab.js).
import '../../scripts/paylab.js'
