"""nginx in front of gunicorn for the load test's ``--nginx`` mode, with the deploy kit's own site.

``site_conf`` takes ``deploy/nginx/draughts.conf`` as it is and changes only what a test on loopback
must: plain HTTP on a free port instead of TLS (the port-80 redirect server, the certificates and
HTTP/2 go; the app is told https, as behind a TLS balancer), the upstream's port, and the paths
(static files, the cache) into the artifacts directory. The cache, the cookie bypass, the lock and
everything else stay as deployed.
``start_nginx`` wraps it in a minimal main configuration and runs Debian's nginx in the foreground
(its own process group, stopped like the other servers).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "deploy" / "nginx" / "draughts.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def site_conf(listen_port: int, upstream_port: int, static_root: Path, cache_dir: Path) -> str:
    """The deploy site, rewritten for loopback (see the module docstring)."""
    text = SITE.read_text(encoding="utf-8")
    # The first server block only redirects port 80 to HTTPS.
    first = text.index("server {")
    second = text.index("server {", first + 1)
    text = text[:first] + text[second:]
    text = re.sub(r"^\s*(listen \[::\]:443 ssl http2;|ssl_[a-z_]+ .*;)\n", "", text, flags=re.MULTILINE)
    text = text.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{listen_port};")
    text = text.replace("server 127.0.0.1:8000", f"server 127.0.0.1:{upstream_port}")
    text = text.replace("/var/cache/nginx/draughts", str(cache_dir))
    text = re.sub(r"alias [^;]+;", f"alias {static_root}/;", text)
    # TLS is cut off here, as if by a terminating balancer: the app must still see https and the
    # port the clients used (the clients send Origin https://127.0.0.1:port, which CSRF checks).
    text = text.replace("proxy_set_header X-Forwarded-Proto $scheme;", "proxy_set_header X-Forwarded-Proto https;")
    text = text.replace("proxy_set_header Host $host;", "proxy_set_header Host $http_host;")
    for needed in (f"listen 127.0.0.1:{listen_port};", f"server 127.0.0.1:{upstream_port}", str(cache_dir)):
        if needed not in text:
            raise RuntimeError(f"deploy/nginx/draughts.conf changed: could not set {needed!r}")
    return text


def main_conf(prefix: Path, site: Path) -> str:
    return f"""worker_processes 2;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {site};
}}
"""


def write_confs(prefix: Path, listen_port: int, upstream_port: int, static_root: Path) -> Path:
    """Write the site and the main configuration under ``prefix``; returns the main one."""
    if prefix.exists():
        shutil.rmtree(prefix)
    (prefix / "cache").mkdir(parents=True)
    site = prefix / "site.conf"
    site.write_text(site_conf(listen_port, upstream_port, static_root, prefix / "cache"), encoding="utf-8")
    main = prefix / "nginx.conf"
    main.write_text(main_conf(prefix, site), encoding="utf-8")
    return main


def check(conf: Path) -> str:
    """``nginx -t`` on ``conf``: '' when valid, else nginx's message."""
    done = subprocess.run([NGINX, "-t", "-q", "-c", str(conf), "-p", str(conf.parent)], capture_output=True,
                          text=True, timeout=30)
    return "" if done.returncode == 0 else (done.stderr or done.stdout).strip()


def start_nginx(conf: Path, log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([NGINX, "-c", str(conf), "-p", str(conf.parent), "-g", "daemon off;"],
                            stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
