import { importCatalogue, type CatalogueImports } from './messages';

const texts = { default: { 'records.title': 'Käynnit' } };

/** Imports of which the Finnish one fails `failures` times before it arrives. */
function importsFailing(failures: number): { imports: CatalogueImports; calls: () => number } {
  let calls = 0;
  const fi = async () => {
    calls += 1;
    if (calls <= failures) throw new Error('ChunkLoadError: Loading chunk 642 failed');
    return texts;
  };
  const never = async (): Promise<never> => {
    throw new Error('not this language');
  };
  return { imports: { fi, sv: never, en: never }, calls: () => calls };
}

describe('importCatalogue', () => {
  test("gives the page language's texts as a catalogue of that language", async () => {
    await expect(importCatalogue(importsFailing(0).imports, 'fi')).resolves.toEqual({ fi: texts.default });
  });

  test('a chunk whose first import fails (a failed preload handed to it) is imported once more, and arrives', async () => {
    const { imports, calls } = importsFailing(1);
    await expect(importCatalogue(imports, 'fi')).resolves.toEqual({ fi: texts.default });
    expect(calls()).toBe(2);
  });

  test('a chunk that fails twice fails the import: the caller shows its error view, whose retry imports again', async () => {
    const { imports, calls } = importsFailing(2);
    await expect(importCatalogue(imports, 'fi')).rejects.toThrow('ChunkLoadError');
    expect(calls()).toBe(2);
  });
});
