import { defineConfig } from 'drizzle-kit';

// Every feature module keeps its tables in its own schema.ts (identity's included).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/schema.ts',
  out: './drizzle',
});
