import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, start, waitUntilAnswering, type Running } from './processes';

export interface StaticOrigin {
  /** `http://127.0.0.1:<port>`: another origin than the portal's `http://localhost:<port>` */
  origin: string;
  /** the folder it serves: a deploy's `--to` */
  root: string;
  stop: () => Promise<void>;
}

/**
 * Debian's nginx serving a folder as a feature team's static hosting would (the configuration of
 * docs/deploying-a-remote.md): content-hashed files immutable, the rest revalidated, files being
 * written never served, the portal's origin allowed to fetch. One process (`master_process off`),
 * in the foreground, everything it writes in `workDir`, so it runs as whoever runs the tests.
 */
export async function startStaticOrigin(workDir: string, portalOrigin: string): Promise<StaticOrigin> {
  const port = await freePort();
  const root = path.join(workDir, 'www');
  mkdirSync(root, { recursive: true });
  mkdirSync(path.join(workDir, 'temp'), { recursive: true });
  const headers = (cacheControl: string) => `
      add_header Cache-Control "${cacheControl}" always;
      add_header Access-Control-Allow-Origin "${portalOrigin}" always;
      try_files $uri =404;`;
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${path.join(workDir, 'nginx.pid')};
error_log ${path.join(workDir, 'error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  types { text/javascript cjs; }
  access_log off;
  client_body_temp_path ${path.join(workDir, 'temp')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    charset utf-8;
    charset_types text/css text/plain application/javascript application/json;
    gzip_static on;
    location ~ /\\. { return 404; }
    location ~ "(/|\\.)[0-9a-f]{8,}\\.[^/]*$" {${headers('public, max-age=31536000, immutable')}
    }
    location / {${headers('no-cache')}
    }
  }
}
`;
  const configFile = path.join(workDir, 'nginx.conf');
  writeFileSync(configFile, config);
  const nginx: Running = start(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-e', path.join(workDir, 'error.log'), '-p', workDir, '-c', configFile], { cwd: workDir, env: process.env });
  writeFileSync(path.join(root, 'ready.txt'), 'ok\n');
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${origin}/ready.txt`, nginx, 20_000);
  return { origin, root, stop: () => nginx.stop() };
}
