"""History pages: each dog's, owner's and license's changes, and the admin's activity log."""
