/** Placeholder of the create form, so the screen compiles until the real form lands (same export and props). */
export function AppForm({ onCancel }: { onDone(id: string): void; onCancel(): void }) {
  return (
    <section aria-labelledby="app-form-heading">
      <h2 id="app-form-heading">New app</h2>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  );
}
