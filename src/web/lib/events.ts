import type { SaveChangesAnswer } from '@machines/settings-form.machine.ts'

/**
 * A small typed event bus for the shell's app-wide popups: any page can ask "save the changes?" or show a toast
 * without importing the shell (features must not import each other; the layout route renders the listeners).
 */
export type { SaveChangesAnswer }
export type ToastKind = 'info' | 'success' | 'error'

export type ShellEvent = { type: 'saveChanges.request'; answer: (answer: SaveChangesAnswer) => void } | { type: 'toast.show'; message: string; kind: ToastKind }

export function createEventBus<E extends { type: string }>() {
  const listeners = new Set<(event: E) => void>()
  return {
    emit(event: E): boolean {
      for (const listener of listeners) listener(event)
      return listeners.size > 0
    },
    on(listener: (event: E) => void): () => void {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

export const shellEvents = createEventBus<ShellEvent>()

/**
 * Raises the save-changes popup (spec §2); resolves 'save' for Save, 'discard' for Discard changes, 'stay' for Cancel
 * (issue 20: Cancel keeps the person on the page with the edits). With no shell listening nothing can be asked, and
 * the edits are not thrown away: 'stay'.
 */
export function askToSaveChanges(): Promise<SaveChangesAnswer> {
  return new Promise((resolve) => {
    if (!shellEvents.emit({ type: 'saveChanges.request', answer: resolve })) resolve('stay')
  })
}

export function showToast(message: string, kind: ToastKind = 'info') {
  shellEvents.emit({ type: 'toast.show', message, kind })
}
