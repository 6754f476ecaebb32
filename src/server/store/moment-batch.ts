/**
 * Work of one moment grouped (issue 22: the signed hot path's statements): the items asked for within one turn of the
 * event loop go to `run` together — one statement, one round trip, one commit — at most `maxInFlight` batches at a
 * time (what waits meanwhile goes together next), at most `maxBatch` items each. `run` answers each item's result in
 * the items' order (a value, or a promise of one: an item may settle on its own); a rejected `run` rejects every item
 * of its batch. Items with the same `distinct` key never share a batch: the later one waits for the next.
 */
export function momentBatcher<I, O>(
  run: (items: I[]) => Promise<(O | PromiseLike<O>)[]>,
  { maxBatch = 256, maxInFlight = 2, distinct }: { maxBatch?: number; maxInFlight?: number; distinct?: (item: I) => string } = {},
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (result: O | PromiseLike<O>) => void; reject: (error: unknown) => void }
  let waiting: Waiting[] = []
  let inFlight = 0
  let scheduled = false
  const take = (): Waiting[] => {
    if (!distinct) return waiting.splice(0, maxBatch)
    const batch: Waiting[] = []
    const rest: Waiting[] = []
    const keys = new Set<string>()
    for (const entry of waiting) {
      const key = distinct(entry.item)
      if (batch.length >= maxBatch || keys.has(key)) rest.push(entry)
      else {
        keys.add(key)
        batch.push(entry)
      }
    }
    waiting = rest
    return batch
  }
  const send = () => {
    scheduled = false
    while (waiting.length && inFlight < maxInFlight) {
      const batch = take()
      inFlight += 1
      run(batch.map((entry) => entry.item))
        .then(
          (results) => batch.forEach((entry, index) => entry.resolve(results[index] as O | PromiseLike<O>)),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          inFlight -= 1
          send()
        })
    }
  }
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true
        setImmediate(send)
      }
    })
}
