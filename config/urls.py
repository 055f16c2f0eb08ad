from allauth.account import views as account_views
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.api_errors import api_not_found
from config.health import healthz
from config.throttling import login_throttled

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    # The login pages, ahead of the includes that also route them: throttled.
    path("admin/login/", login_throttled(admin.site.login)),
    path("admin/", admin.site.urls),
    # django-allauth's pages (sign up, e-mail, password reset, Discord); the
    # names "login" and "logout" are the site's own, older, names for them.
    path(
        "accounts/login/",
        login_throttled(account_views.LoginView.as_view()),
        name="login",
    ),
    path("accounts/logout/", account_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("allauth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        # a page to read: GET only (OPTIONS had no template to render)
        SpectacularSwaggerView.as_view(
            url_name="api-schema", http_method_names=["get", "head"]
        ),
        name="api-docs",
    ),
    path("api/", include("config.api_urls")),
    # not a redirect to /api/: a redirect would drop a request's body
    path("api", api_not_found, name="api-no-slash"),
    path("", include("config.web_urls")),
]

# JSON in the API's error shape under /api/, the site's pages elsewhere.
handler400 = "config.api_errors.bad_request"
handler403 = "config.api_errors.permission_denied"
handler404 = "config.api_errors.page_not_found"
handler500 = "config.api_errors.server_error"
# Sign-up and password-reset mails beyond their rate (allauth asks for it).
handler429 = "config.throttling.too_many_requests"
