"""Issue 30: a game's identity in the relay feed, frozen when its round is published."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0026_mirror")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="relay_tags",
            field=models.JSONField(blank=True, default=dict, editable=False),
        ),
    ]
