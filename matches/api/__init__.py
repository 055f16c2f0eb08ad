"""The REST API of seasons and matches (under /api/, as league/api/ is for leagues and teams): thin views over the services of each concern."""
