/**
 * A small typed event bus for the shell's app-wide popups: any page can ask "save the changes?" or show a toast
 * without importing the shell (features must not import each other; the layout route renders the listeners).
 */
export type ToastKind = 'info' | 'success' | 'error'

export type ShellEvent = { type: 'saveChanges.request'; answer: (save: boolean) => void } | { type: 'toast.show'; message: string; kind: ToastKind }

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

/** Raises the save-changes popup (spec §2); resolves true for Save, false for Cancel (or when no shell listens). */
export function askToSaveChanges(): Promise<boolean> {
  return new Promise((resolve) => {
    if (!shellEvents.emit({ type: 'saveChanges.request', answer: resolve })) resolve(false)
  })
}

export function showToast(message: string, kind: ToastKind = 'info') {
  shellEvents.emit({ type: 'toast.show', message, kind })
}
