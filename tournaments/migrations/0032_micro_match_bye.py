"""What a bye is worth in a micro-match event (issue 28): a whole micro-match (default) or one game."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0031_results_in_games"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="micro_match_bye",
            field=models.CharField(
                choices=[("match", "A micro-match: a pairing-allocated bye wins both games"),
                         ("game", "One game: a pairing-allocated bye wins one game")],
                default="match",
                help_text="Also requested byes and absences: as a micro-match with that result in every game, "
                          "or as one game.",
                max_length=10, verbose_name="a bye in a micro-match counts as"),
        ),
    ]
