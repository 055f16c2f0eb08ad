"""How django-allauth fits Dugout: the client's address is the one the
throttles use (DRF's rule with ``NUM_PROXIES``), and sign-up can be closed
from the environment."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from django.conf import settings
from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle


class AccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return bool(settings.ACCOUNT_SIGNUP_OPEN)

    def get_client_ip(self, request: HttpRequest) -> str:
        return BaseThrottle().get_ident(Request(request)) or "unknown"


class SocialAccountAdapter(DefaultSocialAccountAdapter):
    def is_open_for_signup(self, request: HttpRequest, sociallogin: Any) -> bool:
        return bool(settings.ACCOUNT_SIGNUP_OPEN)
