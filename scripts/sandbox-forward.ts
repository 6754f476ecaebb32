// `npm run sandbox:forward -- <url> [--sandbox … --key … --secret … --merchant … --interval ms]`: kept for the
// instructions that name it; it is `paylab listen` (issue 23, src/cli/), which polls the
// deliveries waiting for a forwarder, claims each one (of several forwarders only one posts an attempt), posts it
// to <url> and reports the answer.
process.argv.splice(2, 0, 'listen')
await import(new URL('./paylab.js', import.meta.url).href)
export {}
