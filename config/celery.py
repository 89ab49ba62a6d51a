"""Celery application.

Without ``CELERY_BROKER_URL`` tasks run inline (eager): nothing is ever dropped.
With it, tasks go to the broker (Redis) and real workers execute them
(``celery -A config worker``).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("draughts")
app.config_from_object("django.conf:settings", namespace="CELERY")
# The apps' tasks.py modules, plus the site-wide tasks in config/tasks.py (config is not an app).
app.autodiscover_tasks()
app.autodiscover_tasks(["config"])
