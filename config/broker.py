"""The Redis broker transport, surviving Redis going away while the worker holds delayed tasks.

kombu's Redis channel, when its connection to Redis is lost, closes and *restores* the messages the
worker had reserved (delayed tasks wait reserved until their time). With Redis unreachable that
restore fails (kombu 5.7: ``AttributeError: 'NoneType' object has no attribute 'hostname'`` from a
connection already released), the error escapes the consumer, and the worker stops with
"Unrecoverable error" (issue 23, fault 2). Nothing is lost by not restoring there: the messages stay
in Redis's "unacked" hash and come back once the visibility timeout (``CELERY_VISIBILITY_TIMEOUT``)
has passed, to whichever worker polls first. So the restore on close is attempted, and when it
fails for a connection reason it is logged and skipped; the consumer then reconnects as usual
(``broker_connection_max_retries`` is unlimited).
"""

from __future__ import annotations

import logging

from kombu.transport import redis as kombu_redis

log = logging.getLogger(__name__)

_CONNECTION_TROUBLE: tuple[type[BaseException], ...] = (AttributeError, OSError,
                                                       *kombu_redis.Transport.connection_errors)


class QoS(kombu_redis.QoS):
    def restore_unacked_once(self, stderr: object = None) -> None:
        try:
            super().restore_unacked_once(stderr)
        except _CONNECTION_TROUBLE as exc:
            log.warning("Redis unreachable while closing the channel; %d reserved task(s) stay unacknowledged "
                        "in Redis and come back after the visibility timeout (%s)", len(self._delivered or ()), exc)


class Channel(kombu_redis.Channel):
    QoS = QoS


class Transport(kombu_redis.Transport):
    """``CELERY_BROKER_TRANSPORT = "config.broker:Transport"`` with a ``redis://`` broker URL."""

    Channel = Channel
