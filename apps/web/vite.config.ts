import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://127.0.0.1:8080';

/**
 * antd's form context (imported by every popup, so by the header's menus) takes only
 * `FormProvider` from @rc-component/form, whose index keeps the whole form library (it assigns
 * statics to its Form): ~40 kB in the entry of pages without a form. That one import goes to the
 * provider's own module, the one the index re-exports (same module, same React context). Should
 * antd move that file, nothing matches and the build is as before.
 */
function rcFormProviderOnly(): Plugin {
  return {
    name: 'rc-form-provider-only',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer, options) {
      if (source !== '@rc-component/form' || !importer) return null;
      if (!/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext', importer, {
        ...options,
        skipSelf: true,
      });
    },
  };
}

export default defineConfig({
  plugins: [rcFormProviderOnly(), react()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/ws': { target: server, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The app shell's libraries are the entry's own cached chunks; pages are split per route.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only what the entry loads ('$initial') is grouped; a library used by one page only (the
        // chart library, the antd components of a form) stays in that page's chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
