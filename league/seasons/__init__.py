"""A club's seasons, their pages and their form: the list, a season's rules, creating and editing
one (the writes are ``league.clubs.services``'; the form checks a season's table shapes as a night
reads them, ``league.nights.forms``)."""
