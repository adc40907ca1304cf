/**
 * A read kept until forgotten: for what every request asks and staff rarely change (the shipping
 * rules, whether a serviceability table exists), dropped when a change is announced. Callers at
 * the same time share one read; a failed read is not kept, so the next caller asks again.
 */
export class KeptRead<T> {
  #value: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (!this.#value) {
      const read = this.read();
      this.#value = read;
      read.catch(() => {
        if (this.#value === read) this.#value = null;
      });
    }
    return this.#value;
  }

  forget(): void {
    this.#value = null;
  }
}
