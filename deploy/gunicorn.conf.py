"""gunicorn settings for the web process (systemd unit and container).

Variables (all optional): GUNICORN_BIND (default 127.0.0.1:8000; the container uses
0.0.0.0:8000), WEB_CONCURRENCY (worker processes, default 2 x CPUs + 1, at most 8),
GUNICORN_THREADS (default 2), GUNICORN_TIMEOUT (seconds, default 60), LOG_LEVEL.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count() + 1, 8)))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
# Restart workers now and then: bounds the effect of any slow memory growth. A hall of phones
# polling every 2 s makes ~100 requests/s, so a low figure would restart a worker every half
# minute, and each restart costs a Django start-up while the other workers carry the load.
max_requests = 20000
max_requests_jitter = 2000
# Load the application once in the master and fork the workers from it: a (re)started worker
# serves at once and the workers share the imported code. Nothing opens a connection at import.
preload_app = True
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
# The reverse proxy (nginx) runs on the same host or in the same compose network.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
proxy_allow_ips = forwarded_allow_ips
