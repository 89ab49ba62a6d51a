"""Requests to link an entry to a user account, waiting for that account's owner (issue 23, Low 4).

An arbiter who types a username never learns whether an account of that name exists: the request is
stored either way, and only the account's owner sees it (on their home page) and links the entry by
accepting it, or declines it. ``user`` is the account the username named when the request was made
(None: no such account); it is never shown to the arbiter.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.event import Entry


class AccountLinkRequest(models.Model):
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="account_request")
    username = models.CharField(max_length=150)  # as the arbiter typed it
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="account_link_requests")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.entry} -> {self.username}"
