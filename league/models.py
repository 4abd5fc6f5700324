"""League tracker models (clubs, players, seasons, club nights): not built yet."""
