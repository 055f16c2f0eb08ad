"""The server-rendered pages of seasons, matches, teams and players: views, forms and the reads behind them."""
