"""The log-in and sign-up forms: allauth's, in the site's words, with labels
and no placeholders (a placeholder repeating the label is noise to a screen
reader and vanishes as one types)."""

from __future__ import annotations

from typing import Any

from allauth.account.forms import LoginForm as AllauthLoginForm
from allauth.account.forms import SignupForm as AllauthSignupForm


def _no_placeholders(form: Any) -> None:
    for field in form.fields.values():
        field.widget.attrs.pop("placeholder", None)


class LoginForm(AllauthLoginForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.label_suffix = ""
        login = self.fields["login"]
        login.label = "Username or e-mail"
        login.widget.attrs["autocomplete"] = "username"
        self.fields["password"].help_text = ""
        if "remember" in self.fields:
            self.fields["remember"].label = "Keep me logged in on this device"
        _no_placeholders(self)


class SignupForm(AllauthSignupForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.label_suffix = ""
        self.fields["email"].label = "E-mail address"
        self.fields["email"].help_text = (
            "Dugout sends a link to it: open it to verify the address, which "
            "you need before you create or join a league."
        )
        self.fields[
            "username"
        ].help_text = "What the other coaches see; you log in with it or your e-mail."
        if "password2" in self.fields:
            self.fields["password2"].label = "Password again"
        _no_placeholders(self)
