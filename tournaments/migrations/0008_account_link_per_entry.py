import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def link_entries(apps, schema_editor):
    """Each entry takes its player's account where that account plays in the entry's tournament.

    The link used to live on the player, shared by every tournament, so an arbiter of one
    tournament could change who acts in another. An account counts for an entry only where it
    holds the player role in that tournament (linking always gave it there); one entry per
    account and tournament.
    """
    Entry = apps.get_model("tournaments", "Entry")
    Role = apps.get_model("tournaments", "Role")
    players = set(Role.objects.filter(kind="player").values_list("tournament_id", "user_id"))
    taken = set()
    for entry in Entry.objects.filter(player__user__isnull=False).select_related("player").order_by("id"):
        key = (entry.tournament_id, entry.player.user_id)
        if key in players and key not in taken:
            entry.user_id = entry.player.user_id
            entry.save(update_fields=["user"])
            taken.add(key)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0007_game_results_from_games'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='entry',
            name='user',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='entries', to=settings.AUTH_USER_MODEL),
        ),
        migrations.RunPython(link_entries, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name='player',
            name='user',
        ),
        migrations.AddConstraint(
            model_name='entry',
            constraint=models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('tournament', 'user'), name='one_entry_per_account'),
        ),
    ]
